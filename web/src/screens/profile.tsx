import { useCallback, useEffect, useState } from 'preact/hooks';
import { api, errorText, type Schemas } from '../api';
import { Feed, FEED_PAGE } from '../components/feed';
import { useTitle } from '../components/title';
import type { ScreenProps } from '../screen-props';
import { useSession } from '../session';
import NotFound from './not-found';
import { ErrorLine } from '../components/error-line';
import { ProfileModeration } from '../components/moderation';

// `/users/<username>`: the profile as the viewer may see it, follow or unfollow (a private account
// gets a request), block, mute and report, and the user's messages.

type Profile = Schemas['PublicProfile'];

export default function ProfileScreen({ param }: ScreenProps) {
  const user = useSession();
  const [profile, setProfile] = useState<Profile | null | 'missing'>(null);
  const [error, setError] = useState('');
  useTitle(profile && profile !== 'missing' ? `${profile.displayName} (@${profile.username})` : 'Profile');
  useEffect(() => {
    void api.GET('/api/users/{username}', { params: { path: { username: param } } }).then(({ data }) => setProfile(data?.user ?? 'missing'));
  }, [param, user?.id]);
  const load = useCallback(async (offset: number) => {
    const { data, error: failure } = await api.GET('/api/user/{username}/messages', { params: { path: { username: param }, query: { limit: FEED_PAGE, offset } } });
    return data ? { messages: data.messages, hasMore: data.pagination.hasMore } : { error: failure };
  }, [param, user?.id]);
  if (profile === 'missing') return <NotFound />;
  if (!profile) return <h1 tabIndex={-1}>Profile</h1>;

  const toggleFollow = async () => {
    setError('');
    const path = { params: { path: { username: profile.username } } };
    const following = profile.isFollowing || profile.followRequested;
    const res = following ? await api.DELETE('/api/users/{username}/follow', path) : await api.POST('/api/users/{username}/follow', path);
    if (!res.data) return setError(errorText(res.error));
    const delta = (res.data.following ? 1 : 0) - (profile.isFollowing ? 1 : 0);
    setProfile({ ...profile, isFollowing: res.data.following, followRequested: res.data.requested, followersCount: profile.followersCount + delta });
  };
  const self = user?.id === profile.id;
  return (
    <>
      <h1 tabIndex={-1}>
        {profile.displayName} <span class="handle">@{profile.username}</span>
      </h1>
      {profile.bio ? <p class="bio">{profile.bio}</p> : null}
      <p class="meta">
        {profile.followersCount} {profile.followersCount === 1 ? 'follower' : 'followers'} · following {profile.followingCount}
        {profile.isPrivate ? ' · private account' : ''}
      </p>
      {user && !self ? (
        <p>
          <button type="button" onClick={toggleFollow} aria-pressed={profile.isFollowing || profile.followRequested}>
            {profile.isFollowing ? 'Following: unfollow' : profile.followRequested ? 'Requested: withdraw the request' : profile.isPrivate ? 'Ask to follow' : 'Follow'}
          </button>
        </p>
      ) : null}
      {self ? (
        <p>
          <a href="/follow-requests">Follow requests, blocked and muted accounts</a>
        </p>
      ) : null}
      <ErrorLine text={error} />
      {user && !self ? (
        <ProfileModeration
          username={profile.username}
          displayName={profile.displayName}
          onBlocked={(blocking) => blocking && setProfile({ ...profile, isFollowing: false, followRequested: false })}
        />
      ) : null}
      <h2>Messages</h2>
      <Feed load={load} label={`Messages by ${profile.displayName}`} empty="No messages to show." />
    </>
  );
}

import { useState } from 'preact/hooks';
import { api, errorText } from '../../api';
import { refreshSession, useSession } from '../../session';
import { sameOriginMedia } from './logic';
import { OutcomeLine, outcomeOf, type Outcome } from './shared';

// Profile: display name, bio, avatar (an address, or an uploaded picture: the image upload, which
// the service keeps for subscribers), privacy, the default audience of new posts, which messages
// the home feed shows, and the longest message this account writes.

export function ProfilePart() {
  const user = useSession()!;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [avatar, setAvatar] = useState(user.avatar ?? '');
  const [uploading, setUploading] = useState('');

  const save = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const body = {
      displayName: String(form.get('displayName')),
      bio: String(form.get('bio')) || null,
      avatar: avatar.trim() || null,
      isPrivate: form.get('isPrivate') === 'on',
      defaultPubliclyVisible: form.get('defaultPubliclyVisible') === 'on',
      viewingPreference: form.get('viewingPreference') === 'following' ? ('following' as const) : ('all' as const),
      maxMessageLength: Number(form.get('maxMessageLength')),
    };
    const res = await api.PATCH('/api/user', { body });
    setOutcome(outcomeOf(res, 'Your profile is saved.'));
    if (res.data) await refreshSession();
  };

  const upload = async (event: Event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setUploading('Uploading the picture…');
    const form = new FormData();
    form.append('file', file);
    const { data, error } = await api.POST('/api/messages/images/upload', {
      body: form as unknown as { file: string },
      bodySerializer: (b) => b as unknown as FormData,
    });
    input.value = '';
    if (!data) return setUploading(errorText(error));
    setAvatar(data.url);
    setUploading('The picture is uploaded. Save the profile to use it.');
  };

  return (
    <form class="stack settings-form" onSubmit={save} aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <label for="profile-display">Display name</label>
      <input id="profile-display" name="displayName" value={user.displayName} required maxLength={100} />
      <label for="profile-bio">Bio</label>
      <textarea id="profile-bio" name="bio" rows={3} value={user.bio ?? ''} />
      <fieldset>
        <legend>Avatar</legend>
        {avatar ? <img class="avatar-preview" src={sameOriginMedia(avatar)} alt="Your avatar" width={64} height={64} /> : <p class="hint">No avatar yet.</p>}
        <label for="profile-avatar">Picture address (https://…)</label>
        <input id="profile-avatar" type="url" value={avatar} onInput={(e) => setAvatar(e.currentTarget.value)} />
        <label for="profile-avatar-file">Or upload a picture (subscribers)</label>
        <input id="profile-avatar-file" type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={upload} aria-describedby="profile-avatar-status" />
        <p id="profile-avatar-status" role="status" class="hint">
          {uploading}
        </p>
      </fieldset>
      <label class="check">
        <input type="checkbox" name="isPrivate" checked={user.isPrivate} /> Private account (people ask to follow you)
      </label>
      <label class="check">
        <input type="checkbox" name="defaultPubliclyVisible" checked={user.defaultPubliclyVisible} /> New posts are public by default
      </label>
      <label for="profile-viewing">The home feed shows</label>
      <select id="profile-viewing" name="viewingPreference" value={user.viewingPreference}>
        <option value="all">Public messages, mine and those of people I follow</option>
        <option value="following">Only mine and those of people I follow</option>
      </select>
      <label for="profile-length">Longest message (characters, 1 to 10000)</label>
      <input id="profile-length" name="maxMessageLength" type="number" min={1} max={10000} value={user.maxMessageLength} required />
      <OutcomeLine outcome={outcome} />
      <button type="submit">Save the profile</button>
    </form>
  );
}

import { toBool } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { presentUserSummary } from '../users/index.js';

// Wire shapes of the following endpoints and the public profile.

export function presentFollowRequest(r: { request_id: string; created_at: string; id: string; username: string; display_name: string; avatar: string | null }) {
  return { id: r.request_id, user: presentUserSummary(r), createdAt: r.created_at };
}

export function presentPublicProfile(p: { user: UserRow; mayReadBio: boolean; followers: number; following: number; viewerFollows: boolean; viewerRequested: boolean }) {
  return {
    id: p.user.id,
    username: p.user.username,
    displayName: p.user.display_name,
    avatar: p.user.avatar,
    bio: p.mayReadBio ? p.user.bio : null,
    isPrivate: toBool(p.user.is_private),
    createdAt: p.user.created_at,
    followersCount: p.followers,
    followingCount: p.following,
    isFollowing: p.viewerFollows,
    followRequested: p.viewerRequested,
  };
}

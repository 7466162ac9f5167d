import { Type } from '@sinclair/typebox';
import { DateTime, Nullable, ref, UserPage, UserSummary } from '../../http/schemas.js';

// Following and the viewer-aware public profile (spec, Public).

export const FollowState = Type.Object(
  {
    following: Type.Boolean({ description: 'The caller now follows the user' }),
    requested: Type.Boolean({ description: 'A follow request is pending (private accounts)' }),
  },
  { $id: 'FollowState', description: 'The caller’s relation to a user after a follow or unfollow' },
);

export { UserPage };

export const FollowRequest = Type.Object(
  { id: Type.String(), user: ref(UserSummary), createdAt: DateTime() },
  { $id: 'FollowRequest', description: 'A pending request to follow the current (private) account' },
);

export const FollowRequestList = Type.Object({ requests: Type.Array(ref(FollowRequest)) }, { description: 'Pending follow requests, oldest first' });

export const PublicProfile = Type.Object(
  {
    id: Type.String(),
    username: Type.String(),
    displayName: Type.String(),
    avatar: Nullable(Type.String()),
    bio: Nullable(Type.String({ description: 'Withheld (null) for a private account unless the viewer follows it or is its owner' })),
    isPrivate: Type.Boolean(),
    createdAt: DateTime(),
    followersCount: Type.Integer({ minimum: 0 }),
    followingCount: Type.Integer({ minimum: 0 }),
    isFollowing: Type.Boolean({ description: 'The viewer follows this user (false when anonymous)' }),
    followRequested: Type.Boolean({ description: 'The viewer has a pending follow request to this user' }),
  },
  { $id: 'PublicProfile', description: 'A user’s public profile as the viewer may see it' },
);

export const PublicProfileEnvelope = Type.Object({ user: ref(PublicProfile) }, { description: 'The profile' });

export const FOLLOW_COMPONENTS = [FollowState, FollowRequest, PublicProfile];

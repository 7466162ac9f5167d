import { isUniqueViolation } from '../../db/dialect.js';
import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, forbidden, notFound, userNotFound } from '../../http/errors.js';
import { assertInviteAddressee, invalidInviteToken, mailable, newInviteToken } from '../../http/invites.js';
import { hashToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';
import type { AppContext } from '../../runtime/types.js';
import { changeAccess, type SharedItemRef } from '../events/index.js';
import { notifyInApp } from '../notifications/service.js';
import { readOrg } from '../orgs/service.js';
import { findUserByEmail, findUserByUsername, normalizeEmail } from '../users/service.js';
import { requireRole, roleOfRank, type ItemKind, type Role } from './access.js';
import {
  acceptGrant,
  collaboratorOf,
  collaboratorsOf,
  deleteGrant,
  insertGrant,
  inviteByTokenHash,
  itemTitle,
  setGrantRole,
  sharedWith,
  userGrantOn,
  type CollaboratorRow,
  type GrantRow,
} from './queries.js';

// Collaborators on lists and documents: the owner grants
// `viewer` or `editor` to a user, to an organization (every current and future member) or to an
// e-mail of no account (an invite, accepted by the account whose verified e-mail it is). Who may
// do what is the access module's answer (access.ts).

export type GrantRole = Exclude<Role, 'owner'>;

const alreadyShared = () => conflict('This item is already shared with them: change the role instead', 'already_shared');

/** The grantee a request names: exactly one of a user, an e-mail or an organization. */
export interface GranteeInput {
  username?: string;
  email?: string;
  orgSlug?: string;
  role: GrantRole;
}

const ROUTE: Record<ItemKind, string> = { list: '/lists/', document: '/documents/' };

/** The owner shares the item; answers the new grant. */
export async function addCollaborator(ctx: AppContext, owner: UserRow, kind: ItemKind, itemId: string, body: GranteeInput): Promise<CollaboratorRow> {
  const db = ctx.db.kysely;
  await requireRole(db, kind, owner.id, itemId, 'owner');
  const named = [body.username, body.email, body.orgSlug].filter((v) => v !== undefined).length;
  if (named !== 1) throw badRequest('Give exactly one of username, email or orgSlug', 'validation_failed');

  const now = ctx.clock.now();
  const grant: GrantRow = {
    id: newId(),
    list_id: kind === 'list' ? itemId : null,
    document_id: kind === 'document' ? itemId : null,
    user_id: null,
    org_id: null,
    email: null,
    email_key: null,
    role: body.role,
    token_hash: null,
    expires_at: null,
    invited_by: owner.id,
    created_at: now.toISOString(),
  };
  let token: string | null = null;
  if (body.orgSlug !== undefined) {
    grant.org_id = (await readOrg(ctx, body.orgSlug, owner.id)).id;
  } else {
    const emailKey = body.email !== undefined ? normalizeEmail(body.email) : null;
    const user = emailKey !== null ? await findUserByEmail(db, emailKey) : await findUserByUsername(db, body.username!);
    if (user) {
      if (user.id === owner.id) throw alreadyShared();
      grant.user_id = user.id;
    } else if (emailKey === null) {
      throw userNotFound();
    } else {
      const invite = newInviteToken(now);
      token = invite.token;
      Object.assign(grant, { email: body.email!.trim(), email_key: emailKey, token_hash: invite.tokenHash, expires_at: invite.expiresAt });
    }
  }
  try {
    await changeAccess(ctx, owner.id, [itemRef(kind, itemId)], async (trx) => ({ result: await insertGrant(trx, grant) }));
  } catch (err) {
    throw isUniqueViolation(err) ? alreadyShared() : err;
  }
  await tellGrantee(ctx, owner, kind, grant, token);
  return (await collaboratorOf(db, kind, itemId, grant.id))!;
}

/** The new collaborator learns of it: an account in the tray, an e-mail of no account by an invite e-mail. */
async function tellGrantee(ctx: AppContext, owner: UserRow, kind: ItemKind, grant: GrantRow, token: string | null): Promise<void> {
  const itemId = grant.list_id ?? grant.document_id!;
  const title = await itemTitle(ctx.db.kysely, kind, itemId);
  if (grant.user_id !== null) {
    await notifyInApp(ctx, {
      type: 'shared_with_you',
      recipientId: grant.user_id,
      actorId: owner.id,
      messageId: null,
      routePath: `${ROUTE[kind]}${itemId}`,
      ...(kind === 'list' ? { listId: itemId } : {}),
      title: `${owner.display_name} shared a ${kind} with you`,
      body: `${owner.display_name} (@${owner.username}) shared "${title}" with you as ${grant.role}`,
      metadata: { kind, itemId, role: grant.role },
    });
  }
  if (token !== null && mailable(grant.email!)) {
    await sendMail(ctx, {
      to: grant.email!,
      type: 'share_invite',
      userId: null,
      subject: `${owner.display_name} shared "${title}" with you`,
      text:
        `${owner.display_name} (@${owner.username}) shared the ${kind} "${title}" with you as ${grant.role}.\n\n` +
        `To open it, sign up or sign in with this address, verify it, and open this link within 7 days:\n${tokenLink(ctx, '/share-invite', token)}\n\n` +
        'If you do not know the sender, ignore this e-mail.\n',
    });
  }
}

/** The item's grants, for its owner and its collaborators. */
export async function listCollaborators(ctx: AppContext, userId: string, kind: ItemKind, itemId: string): Promise<CollaboratorRow[]> {
  await requireRole(ctx.db.kysely, kind, userId, itemId, 'viewer');
  return collaboratorsOf(ctx.db.kysely, kind, itemId);
}

const collaboratorNotFound = () => notFound('No such collaborator', 'collaborator_not_found');

/** The owner changes a grant's role (share.updated to each grantee whose strongest role it changes). */
export async function changeCollaboratorRole(ctx: AppContext, userId: string, kind: ItemKind, itemId: string, id: string, role: GrantRole): Promise<CollaboratorRow> {
  const db = ctx.db.kysely;
  await requireRole(db, kind, userId, itemId, 'owner');
  const grant = await collaboratorOf(db, kind, itemId, id);
  if (!grant) throw collaboratorNotFound();
  await changeAccess(ctx, userId, [itemRef(kind, itemId)], async (trx) => ({ result: await setGrantRole(trx, id, role) }));
  return { ...grant, role };
}

/** The owner revokes a grant, or a collaborator leaves; access ends with the commit. */
export async function removeCollaborator(ctx: AppContext, userId: string, kind: ItemKind, itemId: string, id: string): Promise<void> {
  const db = ctx.db.kysely;
  const access = await requireRole(db, kind, userId, itemId, 'viewer');
  const grant = await collaboratorOf(db, kind, itemId, id);
  if (!grant) throw collaboratorNotFound();
  if (access.role !== 'owner' && grant.user_id !== userId) throw forbidden(`Only the ${kind}'s owner may remove another collaborator`);
  await changeAccess(ctx, userId, [itemRef(kind, itemId)], async (trx) => {
    if (!(await deleteGrant(trx, id))) throw collaboratorNotFound();
    return { result: undefined };
  });
}

const itemRef = (kind: ItemKind, itemId: string): SharedItemRef => (kind === 'list' ? { listId: itemId } : { documentId: itemId });


/**
 * The invite's addressee accepts it: the grant becomes theirs. One they already had keeps the
 * stronger of the two roles; the invite is used up either way.
 */
export async function acceptShareInvite(ctx: AppContext, user: UserRow, token: string): Promise<void> {
  const db = ctx.db.kysely;
  const invite = await inviteByTokenHash(db, hashToken(token), ctx.clock.now().toISOString());
  if (!invite) throw invalidInviteToken();
  assertInviteAddressee(user, { email_key: invite.email_key, user_id: null });
  const item: SharedItemRef = invite.list_id !== null ? { listId: invite.list_id } : { documentId: invite.document_id! };
  await changeAccess(ctx, user.id, [item], async (trx) => {
    const held = await userGrantOn(trx, invite, user.id);
    if (held === undefined) {
      if (!(await acceptGrant(trx, invite.id, user.id))) throw invalidInviteToken();
      return { result: undefined };
    }
    if (!(await deleteGrant(trx, invite.id))) throw invalidInviteToken();
    if (invite.role === 'editor') await setGrantRole(trx, held.id, 'editor');
    return { result: undefined };
  });
}

export interface SharedItem {
  id: string;
  title: string;
  updatedAt: string;
  role: Role;
  owner: { username: string; displayName: string };
}

/** Lists and documents shared with the user (directly or through an organization), the strongest role each. */
export async function sharedWithMe(ctx: AppContext, userId: string): Promise<{ lists: SharedItem[]; documents: SharedItem[] }> {
  const db = ctx.db.kysely;
  const [lists, documents] = await Promise.all([sharedWith(db, 'list', userId), sharedWith(db, 'document', userId)]);
  const present = (r: Awaited<ReturnType<typeof sharedWith>>[number]): SharedItem => ({
    id: r.id,
    title: r.title,
    updatedAt: r.updated_at,
    role: roleOfRank(r.rank)!,
    owner: { username: r.owner_username, displayName: r.owner_display_name },
  });
  return { lists: lists.map(present), documents: documents.map(present) };
}

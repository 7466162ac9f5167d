import type { UserRow } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { assertInviteAddressee, invalidInviteToken as invalidToken, mailable, newInviteToken } from '../../http/invites.js';
import { hashToken } from '../../lib/crypto.js';
import { newId } from '../../lib/ids.js';
import { sendMail, tokenLink } from '../../runtime/mail.js';
import type { AppContext } from '../../runtime/types.js';
import { changeAccess, itemsSharedWithOrg } from '../events/index.js';
import { notifyInApp } from '../notifications/service.js';
import { findUserByEmail, findUserByUsername, normalizeEmail } from '../users/service.js';
import { addMemberUnlessPresent, deleteInvite, insertInvite, inviteById, inviteByTokenHash, orgById, pendingInvites, roleOf, type InviteRow, type OrgRow } from './queries.js';
import { logMembership } from './log-events.js';
import { writableOrg } from './service.js';

// Invites to an organization: by e-mail or by username, sent by an
// owner or admin, a single-use token (only its hash kept) that expires after 7 days, mailed as
// `<PUBLIC_URL>/org-invite?token=…`, and an in-app notice when the invitee has an account. Only
// the addressee can accept: the account whose verified e-mail is the invited address, or the
// account invited by username.

export async function createInvite(
  ctx: AppContext,
  inviter: UserRow,
  slug: string,
  body: { email?: string; username?: string; role: 'admin' | 'member' },
): Promise<InviteRow> {
  const org = await writableOrg(ctx, slug, inviter.id, ['owner', 'admin']);
  if ((body.email === undefined) === (body.username === undefined)) throw badRequest('Give either email or username, not both');
  const db = ctx.db.kysely;
  const emailKey = body.email !== undefined ? normalizeEmail(body.email) : null;
  const invitee = emailKey !== null ? await findUserByEmail(db, emailKey) : await findUserByUsername(db, body.username!);
  if (emailKey === null && !invitee) throw notFound('user_not_found', 'user_not_found');
  if (invitee && (await roleOf(db, org.id, invitee.id)) !== null) throw conflict('Already a member of this organization', 'already_member');

  const now = ctx.clock.now();
  const { token, tokenHash, expiresAt } = newInviteToken(now);
  const id = newId();
  await insertInvite(db, {
    id,
    organization_id: org.id,
    email: body.email?.trim() ?? null,
    email_key: emailKey,
    user_id: invitee?.id ?? null,
    role: body.role,
    token_hash: tokenHash,
    expires_at: expiresAt,
    invited_by: inviter.id,
    created_at: now.toISOString(),
  });
  const to = body.email?.trim() ?? invitee!.email;
  if (mailable(to)) await sendInviteMail(ctx, { to, userId: invitee?.id ?? null, org, inviter, token });
  if (invitee) {
    await notifyInApp(ctx, {
      type: 'org_invite',
      recipientId: invitee.id,
      actorId: inviter.id,
      messageId: null,
      orgId: org.id,
      routePath: `/orgs/${org.slug}`,
      title: `Invitation to ${org.name}`,
      body: `${inviter.display_name} (@${inviter.username}) invited you to join ${org.name} as ${body.role}`,
      metadata: { orgSlug: org.slug, role: body.role },
    });
  }
  return (await inviteById(db, id))!;
}

function sendInviteMail(ctx: AppContext, m: { to: string; userId: string | null; org: OrgRow; inviter: UserRow; token: string }) {
  return sendMail(ctx, {
    to: m.to,
    type: 'org_invite',
    userId: m.userId,
    subject: `${m.inviter.display_name} invited you to ${m.org.name}`,
    text:
      `${m.inviter.display_name} (@${m.inviter.username}) invited you to join the organization ${m.org.name}.\n\n` +
      `To accept, open this link within 7 days (you need an account whose verified e-mail is this address):\n${tokenLink(ctx, '/org-invite', m.token)}\n\n` +
      'If you do not want to join, ignore this e-mail.\n',
  });
}

export async function listInvites(ctx: AppContext, user: UserRow, slug: string): Promise<InviteRow[]> {
  const org = await writableOrg(ctx, slug, user.id, ['owner', 'admin']);
  return pendingInvites(ctx.db.kysely, org.id, ctx.clock.now().toISOString());
}

export async function revokeInvite(ctx: AppContext, user: UserRow, slug: string, id: string): Promise<void> {
  const org = await writableOrg(ctx, slug, user.id, ['owner', 'admin']);
  if (!(await deleteInvite(ctx.db.kysely, org.id, id))) throw notFound('No such invite', 'invite_not_found');
}

/** The caller joins with the invite's role; the invite is used up (a second use: invalid_token). */
export async function acceptInvite(ctx: AppContext, user: UserRow, token: string): Promise<OrgRow> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now().toISOString();
  const invite = await inviteByTokenHash(db, hashToken(token), now);
  if (!invite) throw invalidToken();
  assertInviteAddressee(user, invite);
  // The new member's access to what is shared with the organization comes with the membership (share.granted).
  const items = await itemsSharedWithOrg(db, invite.organization_id);
  await changeAccess(ctx, user.id, items, async (trx, at) => {
    // Deleting it first makes it single use when two requests race.
    if (!(await deleteInvite(trx, invite.organization_id, invite.id))) throw invalidToken();
    if (!(await addMemberUnlessPresent(trx, invite.organization_id, user.id, invite.role, now))) return { result: undefined };
    return { result: undefined, streams: await logMembership(trx, at, { type: 'org.member.added', orgId: invite.organization_id, userId: user.id, role: invite.role, actorId: user.id }) };
  });
  return (await orgById(db, invite.organization_id, user.id))!;
}

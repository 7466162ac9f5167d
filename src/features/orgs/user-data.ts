import type { UserDataPart } from '../../runtime/types.js';
import { presentInvite, presentOrg } from './presenter.js';
import { countInvitesOf, deleteInvitesOf, deleteOrg, invitesInvolving, orgsOfMember, setMemberRole, soleOwnedOrgIds, successorOf } from './queries.js';

// A deleted account's organization traces. Its invites (sent and received) go. Its memberships
// go with the administration part (organization_members.user_id), which runs after this one.
// An organization it was the last owner of is not left without one: the longest-standing admin
// (else member) becomes owner; with nobody else in it, the organization is deleted (messages
// posted to it keep their authors and read `org: null`). Content purge keeps all of it (no
// category): memberships are not content. The archive's organizations.json holds the user's
// organizations with their role in each (as GET /api/orgs shows them), and the pending invites
// they sent or received (no token: only its hash is kept).
export const organizationsPart: UserDataPart = {
  key: 'organizations',
  // Before the administration part (order 100) removes the memberships this part reads.
  order: 150,
  covers: ['org_invites.user_id', 'org_invites.invited_by'],
  async count(ctx, userId) {
    const db = ctx.db.kysely;
    return (await countInvitesOf(db, userId)) + (await soleOwnedOrgIds(db, userId)).length;
  },
  async removeBatch(_ctx, trx, userId) {
    let removed = await deleteInvitesOf(trx, userId);
    for (const orgId of await soleOwnedOrgIds(trx, userId)) {
      const successor = await successorOf(trx, orgId, userId);
      if (successor) await setMemberRole(trx, orgId, successor, 'owner');
      else await deleteOrg(trx, orgId);
      removed += 1;
    }
    return { removed, blobKeys: [] };
  },
  async *exportFiles(ctx, userId) {
    const db = ctx.db.kysely;
    const invites = await invitesInvolving(db, userId);
    const invite = (i: (typeof invites)[number]) => ({ org: i.org_slug, ...presentInvite(i) });
    const content = {
      organizations: (await orgsOfMember(db, userId)).map(presentOrg),
      invitesSent: invites.filter((i) => i.invited_by === userId).map(invite),
      invitesReceived: invites.filter((i) => i.user_id === userId).map(invite),
    };
    yield { path: 'organizations.json', content: `${JSON.stringify(content, null, 2)}\n` };
  },
};

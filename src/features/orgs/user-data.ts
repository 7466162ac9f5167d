import type { UserDataPart } from '../../runtime/types.js';
import { countInvitesOf, deleteInvitesOf, deleteOrg, setMemberRole, soleOwnedOrgIds, successorOf } from './queries.js';

// A deleted account's organization traces. Its invites (sent and received) go. Its memberships
// go with the administration part (organization_members.user_id), which runs after this one.
// An organization it was the last owner of is not left without one: the longest-standing admin
// (else member) becomes owner; with nobody else in it, the organization is deleted (messages
// posted to it keep their authors and read `org: null`). Content purge keeps all of it (no
// category): memberships are not content.
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
};

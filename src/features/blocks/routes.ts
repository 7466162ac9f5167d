import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { PageQuery, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, UsernameParams, UserPage } from '../../http/schemas.js';
import { presentUserSummary } from '../users/index.js';
import { BlockState, MuteState, UserReport, UserReportBody } from './schemas.js';
import { block, listRelation, mute, reportUser, unblock, unmute } from './service.js';

// Blocks, mutes and reports of users.

const tags = ['blocks'];

export const blockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const actions = [
    { path: 'block', on: block, off: unblock, state: BlockState, field: 'blocking', opOn: 'blockUser', opOff: 'unblockUser', noun: 'Block' },
    { path: 'mute', on: mute, off: unmute, state: MuteState, field: 'muting', opOn: 'muteUser', opOff: 'unmuteUser', noun: 'Mute' },
  ] as const;
  for (const a of actions) {
    for (const method of ['post', 'delete'] as const) {
      const on = method === 'post';
      app[method](
        `/api/users/:username/${a.path}`,
        {
          preValidation: hook(requireWritable),
          schema: {
            operationId: on ? a.opOn : a.opOff,
            tags,
            summary:
              a.path === 'block'
                ? on
                  ? 'Block a user: neither sees the other, interactions are refused, follows both ways end (idempotent)'
                  : 'Unblock a user (idempotent)'
                : on
                  ? 'Mute a user: their messages and notifications leave your feeds and tray (idempotent)'
                  : 'Unmute a user (idempotent)',
            security: EITHER_AUTH,
            params: UsernameParams,
            response: { 200: described(a.state, `${a.noun} state now`), ...errors(400, 401, 403, 404) },
          },
        },
        async (request) => {
          const { user } = await requireWritable(request);
          await (on ? a.on : a.off)(request.ctx, user, request.params.username);
          return { [a.field]: on } as never;
        },
      );
    }
  }

  for (const kind of ['blocks', 'mutes'] as const) {
    app.get(
      `/api/user/${kind}`,
      {
        preValidation: hook(requireUser),
        schema: {
          operationId: kind === 'blocks' ? 'listBlockedUsers' : 'listMutedUsers',
          tags,
          summary: kind === 'blocks' ? 'Users the current user blocks' : 'Users the current user mutes',
          security: EITHER_AUTH,
          querystring: PageQuery,
          response: { 200: described(UserPage, 'A page of users, most recent first'), ...errors(400, 401) },
        },
      },
      async (request) => {
        const { user } = await requireUser(request);
        const { limit, offset } = pageWindow(request.query);
        const { users, pagination } = await listRelation(request.ctx, user.id, kind, limit, offset);
        return { users: users.map(presentUserSummary), pagination };
      },
    );
  }

  app.post(
    '/api/users/:username/report',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'reportUser',
        tags,
        summary: 'Report a user to the administrators',
        security: EITHER_AUTH,
        params: UsernameParams,
        body: UserReportBody,
        response: { 201: described(UserReport, 'Reported'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { user } = await requireWritable(request);
      return reply.status(201).send({ report: await reportUser(request.ctx, user, request.params.username, request.body) });
    },
  );
};

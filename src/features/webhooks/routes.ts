import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TObject } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth.js';
import { hook, requireWritable } from '../../http/guards.js';
import { page, pageWindow } from '../../http/pagination.js';
import { described, EITHER_AUTH, errors, MessageBody, ref } from '../../http/schemas.js';
import { writableOrg } from '../orgs/service.js';
import type { WebhookOwner } from './owner.js';
import {
  CreatedWebhook,
  CreateWebhookBody,
  DeliveryDetail,
  DeliveryPage,
  DeliveryParams,
  DeliveryQuery,
  DeliveryResult,
  SecretResult,
  UpdateWebhookBody,
  WebhookList,
  WebhookParams,
  WebhookResult,
} from './schemas.js';
import { createWebhook, editWebhook, listDeliveries, listWebhooks, readDelivery, readWebhook, redeliver, removeWebhook, rotateSecret, testWebhook } from './service.js';

// The webhooks of a user (/api/webhooks) and of an organization (/api/orgs/{slug}/webhooks, its
// owners and admins): the same operations, registered once for each kind of owner.

const tags = ['webhooks'];

interface OwnerRoutes {
  prefix: string;
  /** Extra path parameters of the prefix (the organization's slug). */
  params: TObject;
  /** `Webhook` or `OrgWebhook`: the operationIds' middle. */
  name: string;
  /** The caller and the owner whose webhooks they act on; `write` asks for a writable account. */
  owner(request: FastifyRequest, write: boolean): Promise<{ user: { id: string; username: string }; owner: WebhookOwner }>;
}

const userOwner: OwnerRoutes = {
  prefix: '/api/webhooks',
  params: Type.Object({}),
  name: 'Webhook',
  async owner(request, write) {
    const { user } = write ? await requireWritable(request) : await requireUser(request);
    return { user, owner: { kind: 'user', id: user.id } };
  },
};

const OrgParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 100 }) });

const orgOwner: OwnerRoutes = {
  prefix: '/api/orgs/:slug/webhooks',
  params: OrgParams,
  name: 'OrgWebhook',
  async owner(request, write) {
    const { user } = write ? await requireWritable(request) : await requireUser(request);
    // A non-member: 404; a member who is neither owner nor admin: 403.
    const org = await writableOrg(request.ctx, (request.params as { slug: string }).slug, user.id, ['owner', 'admin']);
    return { user, owner: { kind: 'org', id: org.id } };
  },
};

/** The webhook's id, and the delivery's, from the path (validated by the route's params schema). */
const webhookId = (request: FastifyRequest) => (request.params as Static<typeof WebhookParams>).id;
const deliveryIds = (request: FastifyRequest) => request.params as Static<typeof DeliveryParams>;

function routesFor(o: OwnerRoutes): FastifyPluginAsyncTypebox {
  // The prefix's parameters (the slug) beside the item's: one schema validates the whole path.
  const Params = Type.Object({ ...o.params.properties, ...WebhookParams.properties });
  const DParams = Type.Object({ ...o.params.properties, ...DeliveryParams.properties });
  const common = { tags, security: EITHER_AUTH };
  const reads = { preValidation: hook(requireUser) };
  const writes = { preValidation: hook(requireWritable) };
  const whose = o.name === 'Webhook' ? 'of the caller' : 'of the organization (its owners and admins)';
  return async (app) => {
    app.post(
      o.prefix,
      {
        ...writes,
        schema: {
          ...common,
          operationId: `create${o.name}`,
          summary: `Create a webhook ${whose}; its signing secret is in this answer only`,
          params: o.params,
          body: CreateWebhookBody,
          response: { 201: described(CreatedWebhook, 'The webhook and its secret'), ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        const { owner } = await o.owner(request, true);
        return reply.status(201).send(await createWebhook(request.ctx, owner, request.body));
      },
    );

    app.get(
      o.prefix,
      { ...reads, schema: { ...common, operationId: `list${o.name}s`, summary: `The webhooks ${whose}`, params: o.params, response: { 200: described(WebhookList, 'Oldest first'), ...errors(401, 403, 404) } } },
      async (request) => {
        const { owner } = await o.owner(request, false);
        return { webhooks: await listWebhooks(request.ctx, owner) };
      },
    );

    app.get(
      `${o.prefix}/:id`,
      { ...reads, schema: { ...common, operationId: `get${o.name}`, summary: 'One webhook', params: Params, response: { 200: described(WebhookResult, 'The webhook'), ...errors(401, 403, 404) } } },
      async (request) => {
        const { owner } = await o.owner(request, false);
        return { webhook: await readWebhook(request.ctx, owner, webhookId(request)) };
      },
    );

    app.patch(
      `${o.prefix}/:id`,
      {
        ...writes,
        schema: {
          ...common,
          operationId: `update${o.name}`,
          summary: 'Change a webhook’s url, events, description, or turn it on or off',
          description: 'Enabling a disabled webhook clears its disabledReason and failure run; events written while it was off are not sent.',
          params: Params,
          body: UpdateWebhookBody,
          response: { 200: described(WebhookResult, 'The webhook as it now is'), ...errors(400, 401, 403, 404, 422) },
        },
      },
      async (request) => {
        const { owner } = await o.owner(request, true);
        return { webhook: await editWebhook(request.ctx, owner, webhookId(request), request.body) };
      },
    );

    app.delete(
      `${o.prefix}/:id`,
      { ...writes, schema: { ...common, operationId: `delete${o.name}`, summary: 'Delete a webhook and its deliveries', params: Params, response: { 200: ref(MessageBody), ...errors(401, 403, 404) } } },
      async (request) => {
        const { owner } = await o.owner(request, true);
        await removeWebhook(request.ctx, owner, webhookId(request));
        return { message: 'Webhook deleted' };
      },
    );

    app.post(
      `${o.prefix}/:id/rotate-secret`,
      {
        ...writes,
        schema: {
          ...common,
          operationId: `rotate${o.name}Secret`,
          summary: 'A new signing secret; the old one keeps signing beside it for 24 hours',
          params: Params,
          response: { 200: described(SecretResult, 'The new secret, shown in this answer only'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { owner } = await o.owner(request, true);
        return { secret: await rotateSecret(request.ctx, owner, webhookId(request)) };
      },
    );

    app.post(
      `${o.prefix}/:id/test`,
      {
        ...writes,
        schema: {
          ...common,
          operationId: `test${o.name}`,
          summary: 'Send a webhook.test event now; answers after its first attempt',
          params: Params,
          response: { 200: described(DeliveryResult, 'The test delivery after its first attempt'), ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { user, owner } = await o.owner(request, true);
        return { delivery: await testWebhook(request.ctx, owner, webhookId(request), { id: user.id, username: user.username }) };
      },
    );

    app.get(
      `${o.prefix}/:id/deliveries`,
      {
        ...reads,
        schema: {
          ...common,
          operationId: `list${o.name}Deliveries`,
          summary: 'A webhook’s deliveries (kept 30 days), newest first, by status and type',
          params: Params,
          querystring: DeliveryQuery,
          response: { 200: DeliveryPage, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { owner } = await o.owner(request, false);
        const { limit, offset } = pageWindow(request.query);
        const { deliveries, total } = await listDeliveries(request.ctx, owner, webhookId(request), { status: request.query.status, type: request.query.type }, limit, offset);
        return { deliveries, pagination: page(deliveries, total, limit, offset) };
      },
    );

    app.get(
      `${o.prefix}/:id/deliveries/:deliveryId`,
      {
        ...reads,
        schema: {
          ...common,
          operationId: `get${o.name}Delivery`,
          summary: 'One delivery with the exact body sent and each attempt',
          params: DParams,
          response: { 200: DeliveryDetail, ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        const { owner } = await o.owner(request, false);
        const { id, deliveryId } = deliveryIds(request);
        return readDelivery(request.ctx, owner, id, deliveryId);
      },
    );

    app.post(
      `${o.prefix}/:id/deliveries/:deliveryId/redeliver`,
      {
        ...writes,
        schema: {
          ...common,
          operationId: `redeliver${o.name}Delivery`,
          summary: 'Send a delivery again: same body and webhook-id, as a new delivery',
          params: DParams,
          response: { 202: described(DeliveryResult, 'The new delivery (redelivery: true), queued'), ...errors(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const { owner } = await o.owner(request, true);
        const { id, deliveryId } = deliveryIds(request);
        return reply.status(202).send({ delivery: await redeliver(request.ctx, owner, id, deliveryId) });
      },
    );
  };
}

export const webhookRoutes = routesFor(userOwner);
export const orgWebhookRoutes = routesFor(orgOwner);

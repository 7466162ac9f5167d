import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireUser } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';
import { hook, requireWritable } from '../../http/guards.js';
import { described, EITHER_AUTH, errors, IdParams, PUBLIC, ref } from '../../http/schemas.js';
import { loadPage, sendPage } from '../../http/pages/layout.js';
import { listDevices, registerDevice, unregisterDevice } from './devices.js';
import { listPreferences, updatePreference, validatePatch } from './preferences.js';
import { presentNotification } from './presenter.js';
import {
  DeviceList,
  DeviceRegistration,
  DeviceToken,
  MarkAllReadResult,
  NotificationList,
  NotificationQuery,
  OkResult,
  PreferenceEvent,
  PreferenceList,
  PreferencePatch,
  Registered,
  Unregistered,
  UnsubscribeQuery,
  UnsubscribeResult,
} from './schemas.js';
import { deleteNotification, listNotifications, markAllRead, markRead, TRAY_DEFAULT, TRAY_MAX, TRAY_MIN } from './service.js';
import { verifyUnsubscribeToken } from './unsubscribe.js';

// Notifications, preferences, one-click unsubscribe and push devices (the listeners that create
// notifications are in module.ts).

const tags = ['notifications'];
const FEED_DEFAULT = 20;
const FEED_MAX = 50;


export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // RFC 8058 one-click unsubscribe posts `List-Unsubscribe=One-Click` form-encoded; the body
  // carries nothing the service needs, so it is read and ignored (this plugin's routes only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, _body, done) => done(null, undefined));

  app.get(
    '/api/notifications',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listNotifications',
        tags,
        summary: 'The unread tray (scope=tray) or the historical feed, with the unread count',
        security: EITHER_AUTH,
        querystring: NotificationQuery,
        response: { 200: described(NotificationList, 'Notifications, newest first'), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      const { scope, limit, offset } = request.query;
      if (scope === 'tray') {
        const trayLimit = Math.min(TRAY_MAX, Math.max(TRAY_MIN, limit ?? TRAY_DEFAULT));
        const { unreadCount, items } = await listNotifications(request.ctx, user.id, 'tray', trayLimit, 0);
        return { unreadCount, items: items.map(presentNotification) };
      }
      if (limit !== undefined && limit > FEED_MAX) throw badRequest(`limit must be from 1 to ${FEED_MAX}`);
      const { unreadCount, items } = await listNotifications(request.ctx, user.id, 'feed', limit ?? FEED_DEFAULT, offset ?? 0);
      return { unreadCount, items: items.map(presentNotification) };
    },
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'markNotificationRead',
        tags,
        summary: 'Mark one notification read (idempotent)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(OkResult, 'Read'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await markRead(request.ctx, user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/mark-all-read',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'markAllNotificationsRead',
        tags,
        summary: 'Mark every unread notification read',
        security: EITHER_AUTH,
        response: { 200: described(MarkAllReadResult, 'How many changed'), ...errors(401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      return { ok: true as const, updated: await markAllRead(request.ctx, user.id) };
    },
  );

  app.delete(
    '/api/notifications/:id',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'deleteNotification',
        tags,
        summary: 'Delete one notification (irreversible)',
        security: EITHER_AUTH,
        params: IdParams,
        response: { 200: described(OkResult, 'Deleted'), ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await deleteNotification(request.ctx, user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/user/notification-preferences',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'getNotificationPreferences',
        tags,
        summary: 'Every notification event with its channels (unset channels are enabled)',
        security: EITHER_AUTH,
        response: { 200: described(PreferenceList, 'The events'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { events: await listPreferences(request.ctx, user.id) };
    },
  );

  app.patch(
    '/api/user/notification-preferences',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'updateNotificationPreference',
        tags,
        summary: 'Turn channels of one notification event on or off',
        security: EITHER_AUTH,
        body: PreferencePatch,
        response: { 200: described(ref(PreferenceEvent), 'The updated event'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      const { key, channels } = validatePatch(request.body);
      return updatePreference(request.ctx, user.id, key, channels);
    },
  );

  const unsubscribePage = await loadPage(import.meta.url, 'unsubscribe.html');
  const unsubscribedPage = await loadPage(import.meta.url, 'unsubscribed.html');

  // The page a person reaches by following the link: one button; opening it changes nothing.
  app.get('/api/notifications/unsubscribe', { schema: { hide: true } }, async (_request, reply) => sendPage(reply, unsubscribePage));

  app.post(
    '/api/notifications/unsubscribe',
    {
      schema: {
        operationId: 'unsubscribeNotificationEmail',
        tags,
        summary: 'One-click unsubscribe (RFC 8058): turn off the e-mail channel of the event the token names',
        description:
          'The URL of the `List-Unsubscribe` header of every notification e-mail. Mail clients post `List-Unsubscribe=One-Click` form-encoded; any body is ignored. A GET of the same URL answers a page with a button and changes nothing.',
        security: PUBLIC,
        querystring: UnsubscribeQuery,
        response: { 200: described(UnsubscribeResult, 'Unsubscribed'), ...errors(400) },
      },
    },
    async (request, reply) => {
      const { userId, key } = await verifyUnsubscribeToken(request.ctx, request.query.token);
      await updatePreference(request.ctx, userId, key, { email: false });
      // The page's own form asks for HTML; mail clients and scripts get JSON.
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('application/json')) return sendPage(reply, unsubscribedPage);
      return { ok: true as const, key };
    },
  );

  app.get(
    '/api/push/devices',
    {
      preValidation: hook(requireUser),
      schema: {
        operationId: 'listPushDevices',
        tags: ['devices'],
        summary: 'The caller’s registered push devices, most recently registered first',
        security: EITHER_AUTH,
        response: { 200: described(DeviceList, 'The devices'), ...errors(401) },
      },
    },
    async (request) => {
      const { user } = await requireUser(request);
      return { devices: await listDevices(request.ctx, user.id) };
    },
  );

  app.post(
    '/api/push/register',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'registerPushDevice',
        tags: ['devices'],
        summary: 'Register a device for push delivery (an existing token of the caller is updated, not duplicated)',
        security: EITHER_AUTH,
        body: DeviceRegistration,
        response: { 200: described(Registered, 'Registered'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await registerDevice(request.ctx, user.id, request.body);
      return { registered: true as const };
    },
  );

  app.delete(
    '/api/push/unregister',
    {
      preValidation: hook(requireWritable),
      schema: {
        operationId: 'unregisterPushDevice',
        tags: ['devices'],
        summary: 'Unregister a device token (idempotent: an unknown token is also 200)',
        security: EITHER_AUTH,
        body: DeviceToken,
        response: { 200: described(Unregistered, 'Not registered'), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const { user } = await requireWritable(request);
      await unregisterDevice(request.ctx, user.id, request.body.token);
      return { registered: false as const };
    },
  );
};

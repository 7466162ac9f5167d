import { Type } from '@sinclair/typebox';
import { Nullable, ref, StringEnum } from '../../http/schemas.js';
import { NETWORKS } from './request.js';

// The delivery ledger's wire shapes: one delivery per network target of a cross-posted message.

export const CrossPostDelivery = Type.Object(
  {
    id: Type.String(),
    platform: StringEnum(NETWORKS),
    providerId: Nullable(Type.String({ description: 'networkA: the identity id; networkC: the chosen target id; else null' })),
    status: StringEnum(['pending', 'ok', 'failed'] as const),
    externalUrl: Nullable(Type.String({ description: 'Where the copy can be read, once made' })),
    error: Nullable(Type.String({ description: 'Why the last attempt failed, in the network’s words where it gave any' })),
    errorCode: Nullable(Type.String({ description: 'e.g. reauth_required, outcome_unknown, rate_limited, unavailable, rejected, api_version_unsupported' })),
    attempts: Type.Integer({ minimum: 0 }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'CrossPostDelivery', additionalProperties: false, description: 'One delivery of a message to one network target' },
);

export const CrossPostLedger = Type.Object({ crossPosts: Type.Array(ref(CrossPostDelivery)) }, { description: 'The message’s deliveries, oldest first' });

export const CROSS_POST_COMPONENTS = [CrossPostDelivery];

import { Type } from '@sinclair/typebox';
import { DateTime, StringEnum } from '../../http/schemas.js';
import { REPORT_REASONS } from './service.js';

// Blocks, mutes and reports of users.

export const BlockState = Type.Object({ blocking: Type.Boolean() }, { $id: 'BlockState', description: 'Whether the caller now blocks the user' });
export const MuteState = Type.Object({ muting: Type.Boolean() }, { $id: 'MuteState', description: 'Whether the caller now mutes the user' });

export const UserReportBody = Type.Object(
  {
    reason: StringEnum(REPORT_REASONS),
    detail: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false, examples: [{ reason: 'harassment', detail: 'Sends abusive replies to my posts' }] },
);

export const UserReport = Type.Object(
  { report: Type.Object({ id: Type.String(), reason: StringEnum(REPORT_REASONS), createdAt: DateTime() }) },
  { description: 'The report, as administrators will see it' },
);

export const BLOCK_COMPONENTS = [BlockState, MuteState];

import { AppError } from '../../http/errors.js';

/** 502 upstream_error: an outside service the helper depends on failed, timed out or answered nonsense. */
export const upstreamError = (message: string) => new AppError(502, message, 'upstream_error');

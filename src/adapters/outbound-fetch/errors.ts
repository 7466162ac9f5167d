// The one error the outbound fetcher throws. Its reason says what went wrong in words a caller can
// map (the AI feature answers 422 invalid_input for every reason); its message is fit to show the
// user who supplied the URL: it names no resolved address, so a refusal reveals nothing of the
// network the service sits in.

export type OutboundRefusalReason =
  /** Not an absolute URL, or one carrying credentials. */
  | 'url'
  /** A scheme other than http or https. */
  | 'scheme'
  /** The host is, or resolves to, a private, loopback, link-local or otherwise reserved address. */
  | 'address'
  /** More redirects than allowed, or a redirect with an unusable Location. */
  | 'redirects'
  /** The body is larger than the cap. */
  | 'too_large'
  /** The whole fetch took longer than its time budget. */
  | 'timeout'
  /** The name did not resolve, or the connection or TLS handshake failed. */
  | 'unreachable'
  /** A content type the caller does not take. */
  | 'content_type'
  /** A final answer that is not a success (fetchReadableText only). */
  | 'status';

export class OutboundRefusedError extends Error {
  override readonly name = 'OutboundRefusedError';

  constructor(
    readonly reason: OutboundRefusalReason,
    message: string,
  ) {
    super(message);
  }
}

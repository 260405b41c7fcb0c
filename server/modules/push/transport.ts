/** One push as the recipient's browser shows it: texts already in the recipient's language. */
export type PushMessage = {
  title: string;
  body: string;
  /** The SPA path a click opens (the record's view). */
  link: string;
  /** The inbox row it tells of; null for the test push. */
  notificationId: number | null;
};

/** What became of one token: delivered to FCM, unknown to FCM (remove it), or failed (try again later). */
export type TokenResult = 'sent' | 'unregistered' | 'failed';

/**
 * Whatever carries pushes: Firebase Cloud Messaging in production (./fcm.ts), a recording fake in the
 * tests. Answers one result per token, in the tokens' order; it throws only when nothing could be tried.
 */
export type PushTransport = {
  send(tokens: string[], message: PushMessage): Promise<TokenResult[]>;
};

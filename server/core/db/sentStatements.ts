/**
 * The statements sent on one transaction's handle, awaited by their callers or not (sendInTransaction): the commit
 * waits for all of them and throws the first failure (the ones after it only failed because it aborted the
 * transaction). Each is marked handled when sent, so that a failure no caller awaits is not an unhandled rejection
 * before the commit reads it.
 */
export class SentStatements {
  private readonly sent: Promise<unknown>[] = [];

  track<T>(p: Promise<T>): Promise<T> {
    p.catch(() => undefined);
    this.sent.push(p);
    return p;
  }

  /** Resolves when every statement sent so far has answered; rejects with the first one (in sending order) that failed. */
  async settle(): Promise<void> {
    const outcomes = await Promise.allSettled(this.sent);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /**
   * The error a failed transaction reports, once every statement sent has answered: `err`, unless it only says the
   * transaction was aborted (25P02, in_failed_sql_transaction) by a statement sent before without waiting — then
   * that statement's error.
   */
  async rootCause(err: unknown): Promise<unknown> {
    const first = await this.settle().then(
      () => null,
      (e: unknown) => e,
    );
    const aborted = (err as { code?: unknown } | null)?.code === '25P02';
    return first !== null && aborted ? first : err;
  }
}

/**
 * The statements sent on one transaction's handle, awaited by their callers or not (sendInTransaction): the commit
 * waits for all of them and throws the first failure (the ones after it only failed because it aborted the
 * transaction). Each is marked handled when sent, so that a failure no caller awaits is not an unhandled rejection
 * before the commit reads it. Once the transaction has ended, the handle sends nothing more (`end`).
 */
export class SentStatements {
  private readonly sent: Promise<unknown>[] = [];
  private failure: { error: unknown } | null = null;
  private ended = false;

  /** Sends a statement (`send`) on the transaction, unless it has ended, and keeps its answer for the commit. */
  track<T>(send: () => Promise<T>): Promise<T> {
    if (this.ended) throw new Error('this transaction has ended: its handle sends nothing more');
    const p = send();
    p.catch((error: unknown) => {
      this.failure ??= { error };
    });
    this.sent.push(p);
    return p;
  }

  /**
   * Throws a statement's failure known before its transaction's commit is sent. A failure the driver detects itself
   * (a parameter it cannot send) rejects as soon as the statement is asked for, without reaching the server — whose
   * transaction is then NOT aborted, so a commit sent regardless would commit the rest: the commit is not sent. The
   * rejection reaches this list a few promise steps later: one turn of the event loop lets every such step run.
   */
  async throwIfFailed(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.failure) throw this.failure.error;
  }

  /**
   * Resolves when every statement sent so far — including any sent while waiting — has answered; rejects with the
   * first one (in sending order) that failed.
   */
  async settle(): Promise<void> {
    let seen = -1;
    while (seen !== this.sent.length) {
      seen = this.sent.length;
      await Promise.allSettled(this.sent);
    }
    const outcomes = await Promise.allSettled(this.sent);
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  }

  /** The transaction has ended (committed or rolled back): whatever its handle is asked to send now is refused. */
  end(): void {
    this.ended = true;
  }

  /**
   * The error a failed transaction reports, once every statement sent has answered: the first statement that failed
   * when `err` is a database error (it may only say the transaction was aborted — 25P02 — or name a statement the
   * failed one would have prepared), else `err` (the caller's own refusal, e.g. not found).
   */
  async rootCause(err: unknown): Promise<unknown> {
    const first = await this.settle().then(
      () => null,
      (e: unknown) => e,
    );
    const fromDatabase = typeof (err as { code?: unknown } | null)?.code === 'string';
    return first !== null && fromDatabase ? first : err;
  }
}

/** The server's log, kept in memory line by line, for tests that check what is (and is not) logged. */
import { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import { loggerOptions } from '../core/logging';

export interface LogCapture {
  /** Every JSON line written so far. */
  lines: string[];
  /** The server's logger options (the real redaction and serializers) writing into `lines`. */
  logger: FastifyServerOptions['logger'];
}

export function captureLogs(level = 'info'): LogCapture {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: loggerOptions(level, stream) };
}

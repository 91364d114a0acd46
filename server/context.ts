import type { ServerConfig } from './config';
import type { Db } from './db/db';

/** What every route plugin gets: the open database and the resolved configuration. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
}

import type { Database } from './db/client';
import type { Env } from './env';
import type { Logger } from './lib/logger';

/** What every route handler can reach through `c.var.deps`. */
export type Deps = {
  database: Database;
  env: Env;
  log: Logger;
  now: () => Date;
};

export type AppEnv = {
  Variables: {
    deps: Deps;
  };
};

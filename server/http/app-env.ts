import type { SessionRow, UserRow } from '../auth/sessions';
import type { Config } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { BackgroundTasks } from './background';

/** Where the server finds the files it serves. */
export interface StaticPaths {
  /** The built widget bundle (`dist/widgets`). */
  widgetsDir: string;
  portalHtml: string;
  demoHtml: string;
  /** Small images shipped with the server (news featured images). */
  assetsDir: string;
  /** The static Storybook documentation site (`npm run build-storybook` writes `dist/docs`). */
  docsDir: string;
}

export interface AppDeps {
  db: Database;
  config: Config;
  logger: Logger;
  mailer: Mailer;
  paths: StaticPaths;
  /** The origin the server is reached at once it listens (PUBLIC_URL, or the listening address). */
  publicOrigin: () => string | null;
  /** Work done after the answer (see background.ts); createApp makes one when none is given. */
  background?: BackgroundTasks;
  /** The clock of the time rules moved to it (tests set it); default: the system clock. */
  now?: () => Date;
}

/** The dependencies as handlers see them, every optional one filled in. */
export type RequestDeps = AppDeps & Required<Pick<AppDeps, 'background' | 'now'>>;

/** What a handler can read from the context: `c.get('user')` is null for anonymous requests. */
export interface AppEnv {
  Variables: {
    deps: RequestDeps;
    user: UserRow | null;
    session: SessionRow | null;
  };
}

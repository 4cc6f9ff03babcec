import { DEFAULT_JOB_SETTINGS } from '../config';
import type { JobSettings, ServerConfig } from '../http/context';

/** The configured job settings, or the defaults where a context was built without them (tests). */
export function jobSettings(config: ServerConfig): JobSettings {
  return config.jobs ?? DEFAULT_JOB_SETTINGS;
}

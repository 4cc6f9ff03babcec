import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './config';

/** Files under DATA_DIR (database, uploads, session secret) are readable by the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
/** The bits that give the group or everyone any access. */
const SHARED_BITS = 0o077;

/**
 * Checks DATA_DIR before anything is opened in it: it must be a writable directory. A missing one
 * is created outside production (the quick start) but refused in production, where it usually
 * means a volume that is not mounted: starting there would make a fresh, empty database.
 */
export function prepareDataDir(dir: string, options: { create: boolean }): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new StartupError(`DATA_DIR ${dir} is not a directory (a part of its path is a file)`);
    if (code !== 'ENOENT') throw new StartupError(`DATA_DIR ${dir} cannot be read (${code ?? String(err)})`);
    if (!options.create) {
      throw new StartupError(`DATA_DIR ${dir} does not exist; create it (mode 0700) or point DATA_DIR at the data volume`);
    }
    try {
      fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    } catch (mkdirErr) {
      throw new StartupError(`DATA_DIR ${dir} cannot be created (${(mkdirErr as NodeJS.ErrnoException).code ?? String(mkdirErr)})`);
    }
    stat = fs.statSync(dir);
  }
  if (!stat.isDirectory()) throw new StartupError(`DATA_DIR ${dir} is not a directory`);
  // A real write, not access(2): that answers yes for root on a read-only mount.
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '', { flag: 'w', mode: PRIVATE_FILE_MODE });
    fs.rmSync(probe, { force: true });
  } catch (err) {
    throw new StartupError(`DATA_DIR ${dir} is not writable (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
}

/**
 * Takes group and world access away from everything under DATA_DIR (files 0600, folders 0700), so
 * a data dir written by an older version or copied in with a loose umask stops exposing the
 * database, uploads and secret. Symbolic links are left alone. Returns the paths it changed and
 * those it could not change (owned by another user).
 */
export function tightenDataDir(dir: string): { changed: string[]; failed: { path: string; code: string }[] } {
  const changed: string[] = [];
  const failed: { path: string; code: string }[] = [];
  const visit = (target: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.lstatSync(target);
    } catch {
      return; // removed meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & SHARED_BITS) !== 0) {
      try {
        // Files keep their owner's bits (0644 becomes 0600); folders become 0700.
        fs.chmodSync(target, stat.isDirectory() ? PRIVATE_DIR_MODE : stat.mode & 0o700);
        changed.push(target);
      } catch (err) {
        failed.push({ path: target, code: (err as NodeJS.ErrnoException).code ?? String(err) });
      }
    }
    if (stat.isDirectory()) for (const name of fs.readdirSync(target)) visit(path.join(target, name));
  };
  visit(dir);
  return { changed, failed };
}

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { errorCount } from './diagnostic';
import { formatText, summary } from './format/text';
import { formatJson } from './format/json';
import { formatSarif } from './format/sarif';
import { migrateFiles } from './migrateFiles';
import { PAGE_MIGRATIONS, type Migration } from '../migrations/index';

// npm run lint:pages [--fix] [--format text|json|sarif] [files or directories…]
// Default: every pages/*.json. Exit 0 clean (warnings allowed), 1 on errors, 2 on usage errors.

const USAGE = `usage: npm run lint:pages -- [--fix] [--format text|json|sarif] [--widgets-dir dir] [--api-dir dir] [file.json|dir ...]
  default: all pages/*.json; --fix first migrates pages in an older format version (rewrites the files);
  --widgets-dir/--api-dir replace schemas/widgets and schemas/api (tests)`;

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function jsonFilesIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

export interface CliOptions {
  /** page format migrations --fix applies and the lint reads through; default PAGE_MIGRATIONS */
  migrations?: readonly Migration[];
}

export async function runCli(argv: readonly string[], cwd = process.cwd(), { migrations = PAGE_MIGRATIONS }: CliOptions = {}): Promise<CliResult> {
  let format = 'text';
  let fix = false;
  let widgetsDir: string | undefined;
  let apiDir: string | undefined;
  const targets: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      const { RULES, BUILTIN_RULES } = await import('./rules/index');
      const rules = [...BUILTIN_RULES, ...RULES].map((r) => `  ${r.id.padEnd(22)}${r.description}`).join('\n');
      return { code: 0, stdout: `${USAGE}\n\nrules:\n${rules}`, stderr: '' };
    }
    if (a === '--fix') {
      fix = true;
    } else if (a === '--format' || a === '-f') {
      format = argv[++i] ?? '';
      if (!['text', 'json', 'sarif'].includes(format)) return { code: 2, stdout: '', stderr: `lint:pages: --format must be text, json or sarif\n${USAGE}` };
    } else if (a.startsWith('--format=')) {
      format = a.slice('--format='.length);
      if (!['text', 'json', 'sarif'].includes(format)) return { code: 2, stdout: '', stderr: `lint:pages: --format must be text, json or sarif\n${USAGE}` };
    } else if (a === '--widgets-dir' || a === '--api-dir') {
      const dir = argv[++i];
      if (!dir || !existsSync(resolve(cwd, dir))) return { code: 2, stdout: '', stderr: `lint:pages: ${a} needs an existing directory\n${USAGE}` };
      if (a === '--widgets-dir') widgetsDir = resolve(cwd, dir);
      else apiDir = resolve(cwd, dir);
    } else if (a.startsWith('-') && a !== '-') {
      return { code: 2, stdout: '', stderr: `lint:pages: unknown option '${a}'\n${USAGE}` };
    } else {
      targets.push(a);
    }
  }

  const files: string[] = [];
  if (targets.length === 0) {
    const pages = join(ROOT, 'pages');
    if (existsSync(pages)) files.push(...jsonFilesIn(pages));
  }
  for (const t of targets) {
    const p = resolve(cwd, t);
    if (!existsSync(p)) return { code: 2, stdout: '', stderr: `lint:pages: no such file '${t}'\n${USAGE}` };
    if (statSync(p).isDirectory()) files.push(...jsonFilesIn(p));
    else files.push(p);
  }

  // loaded only now: usage errors answer without compiling the schemas
  const { lintFiles } = await import('./lint');
  const migrated = fix ? migrateFiles(files, migrations, cwd) : [];
  const diagnostics = await lintFiles(files, { cwd, widgetsDir, apiDir, migrations });
  const stdout = format === 'json' ? formatJson(diagnostics) : format === 'sarif' ? formatSarif(diagnostics, cwd) : formatText(diagnostics);
  // what --fix did goes to stderr, so json and sarif output stays one document
  const stderr = [...migrated, ...(format === 'text' ? [summary(diagnostics, files.length)] : [])].join('\n');
  return { code: errorCount(diagnostics) > 0 ? 1 : 0, stdout, stderr };
}

const invokedDirectly = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  runCli(process.argv.slice(2)).then(
    (r) => {
      if (r.stdout) process.stdout.write(r.stdout + '\n');
      if (r.stderr) process.stderr.write(r.stderr + '\n');
      process.exitCode = r.code;
    },
    (e) => {
      process.stderr.write(`lint:pages: ${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 2;
    },
  );
}

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { startFakeProviderServer, type FakeBehaviour } from './server';

/**
 * npx tsx server/providers/fakes/cli.ts [--latency 200] [--behaviour ok]: starts the fake provider
 * server and prints the environment that points every adapter at it (for trying the collector,
 * npm run collect, and benchmarks), then serves until stopped.
 */
async function main(argv: string[]) {
  const { values } = parseArgs({ args: argv, strict: true, options: { latency: { type: 'string', default: '0' }, behaviour: { type: 'string', default: 'ok' } } });
  const fake = await startFakeProviderServer({ latencyMs: Number(values.latency), behaviour: values.behaviour as FakeBehaviour, keepRequests: 0 });
  const env = {
    OPENAI_API_KEY: 'sk-fake', OPENAI_BASE_URL: fake.baseUrls.openai,
    PERPLEXITY_API_KEY: 'pplx-fake', PERPLEXITY_BASE_URL: fake.baseUrls.perplexity,
    GEMINI_API_KEY: 'gemini-fake', GEMINI_BASE_URL: fake.baseUrls.gemini,
    AZURE_OPENAI_API_KEY: 'azure-fake', AZURE_OPENAI_ENDPOINT: fake.baseUrls.azureEndpoint, AZURE_OPENAI_DEPLOYMENT: 'gpt-4.1-mini',
  };
  for (const [k, v] of Object.entries(env)) console.log(`export ${k}=${v}`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}

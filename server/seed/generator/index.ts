/**
 * The deterministic demo world: three brands (project-management SaaS, running shoes, neobank)
 * with competitors and monitored prompts, and a stream of raw provider answers written by the
 * shared answer model. Benchmark: `npx tsx server/seed/generator/bench.ts [scale]`.
 */
export type { GeneratorOptions, DemoBrand, DemoPrompt, RawRun, DemoWorld } from './types';
export { generateDemoWorld, generateRunsWithTruth, countDemoRuns, DEFAULT_DAYS, type RunWithTruth } from './world';
export { composeAnswer, chooseEntities, type AnswerEntity, type AnswerSetting, type Candidate } from './answerModel';
export { DEMO_CATALOGS } from './catalog/index';
export { generateTenantWorld, tenantKey, type TenantWorldOptions } from './tenants';

import { fillTemplate, getPath, resolveBindings, type BindingContext, type CallInput, type EngineHost } from '../../engine';
import { ndjsonReader } from './ndjson';
import { wizardRow, type Row } from './row';
import type { WizardCall, WizardStep } from './types';

// Runs a step's calls in order: each once, or once per ticked item of its forEach field, with the
// wizard's row (values, earlier responses, the item) as `$row`. A call's response is visible to
// the step's later calls at once but reaches the wizard only when the whole step succeeds.
// Requests that already succeeded (same call, same resolved input) are not sent again, so a retry
// after a failure, or Next again after Previous, does not create the same brand or prompt twice.

export interface StreamProgress {
  completed: number;
  total: number;
  label: string;
}

export interface StepRun {
  host: Pick<EngineHost, 'api' | 'stream'>;
  ctx: BindingContext;
  values: Row;
  responses: Row;
  /** succeeded requests by key, kept by the wizard across attempts */
  done: Map<string, unknown>;
  onProgress?: (progress: StreamProgress) => void;
}

function requestOf(call: WizardCall, ctx: BindingContext, row: Row): CallInput {
  const { value } = resolveBindings<CallInput>({ body: call.body, params: call.params, query: call.query }, { ...ctx, row });
  const input: CallInput = {};
  if (value.body !== undefined) input.body = value.body;
  if (value.params !== undefined) input.params = value.params as CallInput['params'];
  if (value.query !== undefined) input.query = value.query as CallInput['query'];
  return input;
}

async function streamCall(call: WizardCall, input: CallInput, run: StepRun): Promise<unknown> {
  const spec = call.stream!;
  if (!run.host.stream) throw new Error('Streaming is not available.');
  let failure: string | null = null;
  const lines: Record<string, unknown>[] = [];
  const reader = ndjsonReader((line) => {
    lines.push(line);
    if (line.type === (spec.failure ?? 'error')) failure = typeof line.message === 'string' && line.message ? line.message : 'The request failed.';
    if (line.type === spec.progress) {
      const completed = Number(getPath(line, spec.completed));
      const total = Number(getPath(line, spec.total));
      if (Number.isFinite(completed) && Number.isFinite(total)) {
        run.onProgress?.({ completed, total, label: fillTemplate(spec.label, { completed, total }) });
      }
    }
  });
  await run.host.stream(call.call, input, (chunk) => reader.push(chunk));
  reader.end();
  if (failure) throw new Error(failure);
  return lines;
}

/** Runs the step's calls; resolves with the responses by saveAs name, rejects with the first failure. */
export async function runStepCalls(step: WizardStep, run: StepRun): Promise<Row> {
  const saved: Row = {};
  for (const call of step.calls ?? []) {
    const responses = { ...run.responses, ...saved };
    const items = call.forEach ? (Array.isArray(run.values[call.forEach]) ? (run.values[call.forEach] as unknown[]) : []) : [undefined];
    const results: unknown[] = [];
    for (const item of items) {
      const input = requestOf(call, run.ctx, wizardRow(run.values, responses, item));
      const key = `${call.call} ${JSON.stringify(input)}`;
      if (run.done.has(key)) {
        results.push(run.done.get(key));
        continue;
      }
      const result = call.stream ? await streamCall(call, input, run) : await run.host.api(call.call, input);
      run.done.set(key, result);
      results.push(result);
    }
    if (call.saveAs) saved[call.saveAs] = call.forEach ? results : results[0];
  }
  return saved;
}

/** The copy for a failed step: its copy for the HTTP status, else 'default', else the error's own message, else 'fallback'. */
export function stepErrorCopy(errors: Record<string, string> | undefined, error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? String((error as { status: unknown }).status) : undefined;
  if (status && errors?.[status]) return errors[status];
  if (errors?.default) return errors.default;
  if (error instanceof Error && error.message) return error.message;
  return errors?.fallback ?? 'Something went wrong. Please try again.';
}

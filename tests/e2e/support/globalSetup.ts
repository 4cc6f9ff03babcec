import type { TestProject } from 'vitest/node';
import { startProductServer, type RunningServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  server = await startProductServer();
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.stop();
}

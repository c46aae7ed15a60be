import { setMaxListeners } from 'node:events';
import type { Static } from '@sinclair/typebox';
import type { HttpProbeSpec } from '../../../src/bus/messages.js';
import type { ProbeOptions } from '../../../agents/probes/probe.js';

export const localOptions: ProbeOptions = { allowPrivateTargets: true };

export const httpSpec = (overrides: Partial<Static<typeof HttpProbeSpec>>): Static<typeof HttpProbeSpec> => ({
  type: 'http',
  protocol: 'http',
  hostname: '127.0.0.1',
  path: '/',
  method: 'get',
  timeoutMs: 2000,
  responseClasses: ['2XX'],
  followRedirects: true,
  ...overrides,
});

/** A signal that never aborts, shared by every probe of a test file (hence no listener limit). */
export const never = new AbortController().signal;
setMaxListeners(0, never);

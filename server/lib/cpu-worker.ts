// The worker thread's entry (scripts/build-server.mjs compiles it to dist-server/cpu-worker.js):
// Piscina calls the export named by each task (server/lib/cpu-pool.ts).
import { cpuTasks } from './cpu-tasks';

export const { certificatePdf, qrPng } = cpuTasks;

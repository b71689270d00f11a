import { Module } from '@nestjs/common';
import { JobQueue } from './job-queue';

/**
 * The process's one JobQueue. Modules that queue or run jobs import it (not a global module on purpose):
 * being imported puts it after them in Nest's shutdown order, so it stops once they have drained.
 */
@Module({ providers: [JobQueue], exports: [JobQueue] })
export class JobsModule {}

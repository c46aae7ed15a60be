import { Type } from '@sinclair/typebox';

/** Settings of the retention worker (one per installation at a time, run by the engine). */
export const RetentionSettings = Type.Object({
  VANTAGE_RUN_RETENTION_DAYS: Type.Integer({
    minimum: 2,
    maximum: 3650,
    default: 31,
    description:
      'days raw runs are kept (2 to 3650): runs live in one partition per UTC day and a day is dropped whole once it is older; history beyond it is answered from the hourly and daily rollups',
  }),
  VANTAGE_HOURLY_ROLLUP_RETENTION_DAYS: Type.Integer({
    minimum: 31,
    maximum: 3650,
    default: 400,
    description: 'days the hourly rollup of runs per check is kept (31 to 3650), in one partition per UTC month; the daily rollup is kept as long as its check exists',
  }),
  VANTAGE_OUTBOX_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 30,
    description: 'days a notification whose deliveries are all finished (delivered or given up) is kept with its delivery attempts (1 to 3650)',
  }),
  VANTAGE_ACTIVITY_RETENTION_DAYS: Type.Integer({
    minimum: 1,
    maximum: 3650,
    default: 365,
    description: 'days an activity log entry is kept (1 to 3650)',
  }),
});

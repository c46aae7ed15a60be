import { Type, type Static } from '@sinclair/typebox';
import { AgentSettings } from './agent-settings.js';
import { ApiSettings } from './api-settings.js';
import { CoreSettings } from './core-settings.js';
import { EngineSettings } from './engine-settings.js';
import { NotifySettings } from './notify-settings.js';
import { OperatorSettings } from './operator-settings.js';
import { PlanSettings } from './plan-settings.js';
import { RetentionSettings } from './retention-settings.js';

/** Every environment setting of Vantage: one schema, composed from one part per component. */
export const SettingsSchema = Type.Composite([CoreSettings, ApiSettings, AgentSettings, NotifySettings, EngineSettings, RetentionSettings, OperatorSettings, PlanSettings]);
export type Settings = Static<typeof SettingsSchema>;

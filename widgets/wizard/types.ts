// The kind's config types, generated from schemas/widgets/wizard.schema.json.
export type { WizardCall, WizardConfig, WizardField, WizardInitial, WizardOption, WizardQuota, WizardRule, WizardStep, WizardSuccess } from './config.generated';

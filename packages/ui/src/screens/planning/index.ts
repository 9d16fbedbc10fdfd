export * from './AgencyPagu.js';
export * from './ConnectedFundingSources.js';
export * from './ConnectedPaguManager.js';
export * from './ConnectedPlanningSettings.js';
export * from './ConnectedPriceAnomalies.js';
export * from './ConnectedPriceCatalogue.js';
export * from './ConnectedSubActionFunding.js';
export * from './DeviationThresholdsEditor.js';
export * from './FundingRecap.js';
export * from './FundingSourceDialog.js';
export * from './FundingSources.js';
export * from './PaguManager.js';
export * from './PlanningPolicyEditor.js';
export * from './PriceAnomalies.js';
export * from './PriceCatalogue.js';
export * from './PriceItemDialog.js';
export {
  LevelFilter,
  type LevelFilterProps,
  PaguAmount,
  RemainingAmount,
  YearSelect,
  type YearSelectProps,
} from './planning-parts.js';
export * from './SetPaguDialog.js';
export * from './SignersEditor.js';
export * from './SubActionFundingEditor.js';
export * from './TaxRecalculationPanel.js';
export * from './TaxRulesEditor.js';

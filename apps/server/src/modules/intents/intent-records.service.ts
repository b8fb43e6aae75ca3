// What other modules may read of intents. The intent tables are this module's alone
// (docs/decisions.md "Layering"): the robot-contents module names bound categories through this.

export { intentCategoriesByIds } from './intents.repo.ts';

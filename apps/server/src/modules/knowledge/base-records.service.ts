// What other modules may read of knowledge bases. The knowledge tables are this module's alone
// (docs/decisions.md "Layering"): the robot-contents module names bound bases through this.

export { basesByIds } from './knowledge.repo.ts';

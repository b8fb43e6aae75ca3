// What other modules may read and change of teams. The teams and team_members tables are this
// module's alone (docs/decisions.md "Layering"): robots count and read them, and take a member
// who leaves a robot out of its teams, through these.

export { countTeams, findTeam, leaveRobotTeams } from './teams.repo.ts';

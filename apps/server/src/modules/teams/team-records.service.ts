// What other modules may read and change of teams. The teams, team_members, team_news and
// team_question_days tables are this module's alone (docs/decisions.md "Layering"): robots count
// and read them, take a member who leaves a robot out of its teams, the chat checks a student's
// daily question quota, and the teaching modules scope every teacher's view to the classes they
// lead and post class news through these.

export {
  countTeams, findTeam, leaveRobotTeams, leadsStudent, studentTeam, studentsOfTeams, teamsLedByTeacher,
  insertTeamNews as postTeamNews, type TeamNewsInput, type TeamRow,
} from './teams.repo.ts';
export { dailyQuestionQuota, giveBackDailyQuestion, takeDailyQuestion } from './daily-quota.ts';
// Safety alerts (issue 28): whom a student's flagged conversation is reported to.
export { teachersOfStudent } from './teams.repo.ts';

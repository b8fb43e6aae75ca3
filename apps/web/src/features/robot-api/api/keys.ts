/** Query keys of a robot's API keys and usage (issue 25). */
export const apiKeysKey = (robotId: number) => ['ai', 'RobotApiKey', 'lists', robotId] as const;
export const apiUsageKey = (robotId: number) => ['ai', 'RobotApiKey', 'usage', robotId] as const;

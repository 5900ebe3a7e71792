/** Query keys of stats and achievements; the first element is the URL the default query function GETs. */
export const statsKey = (userId: number) => [`/api/users/${userId}/stats`] as const;
export const achievementsKey = (userId: number) => [`/api/users/${userId}/achievements`] as const;

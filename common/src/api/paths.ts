/**
 * The method and path of every route of the table (./routes.ts), without its schemas: what the web
 * client needs at run time, so that calling the API loads no zod schema (the first page stays
 * small). The route table is built from these, so a path is written once.
 */
export const apiPaths = {
  auth: {
    register: { method: 'POST', path: '/api/register' },
    login: { method: 'POST', path: '/api/login' },
    logout: { method: 'POST', path: '/api/logout' },
    currentUser: { method: 'GET', path: '/api/user' },
  },
  adminAuth: {
    login: { method: 'POST', path: '/api/admin/auth' },
    status: { method: 'GET', path: '/api/admin/auth/status' },
    logout: { method: 'POST', path: '/api/admin/auth/logout' },
  },
  admin: {
    flaggedPogs: { method: 'GET', path: '/api/admin/pogs/flagged' },
    allPogs: { method: 'GET', path: '/api/admin/pogs/all' },
    pogReports: { method: 'GET', path: '/api/admin/pogs/:id/reports' },
    moderatePog: { method: 'PUT', path: '/api/admin/pogs/:id/moderate' },
    deletePog: { method: 'DELETE', path: '/api/admin/pogs/:id' },
    bulkModeratePogs: { method: 'POST', path: '/api/admin/pogs/bulk' },
    users: { method: 'GET', path: '/api/admin/users' },
    moderateUser: { method: 'PUT', path: '/api/admin/users/:id/moderate' },
    spammerPreview: { method: 'GET', path: '/api/admin/users/:id/delete-spammer' },
    deleteSpammer: { method: 'POST', path: '/api/admin/users/:id/delete-spammer' },
    audit: { method: 'GET', path: '/api/admin/audit' },
    auditLog: { method: 'GET', path: '/api/admin/audit-log' },
    claims: { method: 'GET', path: '/api/admin/claims' },
    claimPog: { method: 'PUT', path: '/api/admin/pogs/:id/claim' },
    releasePog: { method: 'DELETE', path: '/api/admin/pogs/:id/claim' },
    claimUser: { method: 'PUT', path: '/api/admin/users/:id/claim' },
    releaseUser: { method: 'DELETE', path: '/api/admin/users/:id/claim' },
  },
  pogs: {
    create: { method: 'POST', path: '/api/pogs' },
    scorePreview: { method: 'POST', path: '/api/pogs/score-preview' },
    list: { method: 'GET', path: '/api/pogs' },
    recent: { method: 'GET', path: '/api/pogs/recent' },
    get: { method: 'GET', path: '/api/pogs/:id' },
    provenance: { method: 'GET', path: '/api/pogs/:id/provenance' },
    update: { method: 'PATCH', path: '/api/pogs/:id' },
    delete: { method: 'DELETE', path: '/api/pogs/:id' },
    report: { method: 'POST', path: '/api/pogs/:id/report' },
  },
  users: {
    list: { method: 'GET', path: '/api/users' },
    get: { method: 'GET', path: '/api/users/:id' },
    pogs: { method: 'GET', path: '/api/users/:id/pogs' },
    stats: { method: 'GET', path: '/api/users/:id/stats' },
    achievements: { method: 'GET', path: '/api/users/:id/achievements' },
  },
  trades: {
    create: { method: 'POST', path: '/api/trades' },
    pending: { method: 'GET', path: '/api/trades/pending/:userId' },
    history: { method: 'GET', path: '/api/trades/history/:userId' },
    answer: { method: 'PATCH', path: '/api/trades/:id/status' },
    counter: { method: 'POST', path: '/api/trades/:id/counter' },
    cancel: { method: 'POST', path: '/api/trades/:id/cancel' },
  },
  battles: {
    create: { method: 'POST', path: '/api/battles' },
    pending: { method: 'GET', path: '/api/battles/pending/:userId' },
    history: { method: 'GET', path: '/api/battles/history/:userId' },
    get: { method: 'GET', path: '/api/battles/:id' },
    public: { method: 'GET', path: '/api/battles/:id/public' },
    verify: { method: 'GET', path: '/api/battles/:id/verify' },
    reveal: { method: 'GET', path: '/api/battles/:id/reveal' },
    accept: { method: 'POST', path: '/api/battles/:id/accept' },
    decline: { method: 'POST', path: '/api/battles/:id/decline' },
    cancel: { method: 'POST', path: '/api/battles/:id/cancel' },
    complete: { method: 'POST', path: '/api/battles/:id/complete' },
  },
  notifications: {
    list: { method: 'GET', path: '/api/notifications' },
    markRead: { method: 'POST', path: '/api/notifications/read' },
  },
  chat: {
    history: { method: 'GET', path: '/api/chat/:id/history' },
    send: { method: 'POST', path: '/api/chat/:id' },
  },
  leaderboard: {
    get: { method: 'GET', path: '/api/leaderboard' },
  },
  arena: {
    board: { method: 'GET', path: '/api/arena' },
    badges: { method: 'GET', path: '/api/arena/badges/:id' },
  },
  wishlists: {
    marks: { method: 'GET', path: '/api/marks' },
    mark: { method: 'PUT', path: '/api/marks/:id' },
    matches: { method: 'GET', path: '/api/matches' },
  },
  uploads: {
    upload: { method: 'POST', path: '/api/upload' },
    debugImage: { method: 'GET', path: '/api/debug/images/:filename' },
  },
  docs: {
    openapi: { method: 'GET', path: '/api/openapi.json' },
  },
} as const;

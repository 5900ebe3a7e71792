/** POST /api/pogs/:id/report: any signed-in player reports another player's POG, once, with a reason. */
import { apiPaths, type PogId, type ReportPogRequest } from '@pog/common';
import { api } from '../../api/client';

export const reportPog = (pogId: PogId, body: ReportPogRequest) => api(apiPaths.pogs.report, { params: { id: pogId }, body });

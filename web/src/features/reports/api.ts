/** POST /api/pogs/:id/report: any signed-in player reports another player's POG, once, with a reason. */
import { pogsApi, type ReportPogRequest } from '@pog/common';
import { api } from '../../api/client';

export const reportPog = (pogId: number, body: ReportPogRequest) => api(pogsApi.report, { params: { id: pogId }, body });

/** POST /api/pogs/:id/report: any signed-in player reports another player's POG, once, with a reason. */
import type { Pog, ReportPogRequest } from '@pog/common';
import { api } from '../../api/client';
import { pogPath } from '../pogs/keys';

export const reportPog = (pogId: number, body: ReportPogRequest) => api.post<Pog>(`${pogPath(pogId)}/report`, body);

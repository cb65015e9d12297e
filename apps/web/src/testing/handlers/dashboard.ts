import { http } from 'msw';
import { caskAlertsOf } from '@cask/contracts/cask-records';
import {
  trendMonths,
  type DashboardResponse,
  type DashboardTrends,
} from '@cask/contracts/dashboard';
import { json } from '../respond.ts';
import { db } from '../store.ts';

/** The dashboard's cards and trends, counted from the store as modules/dashboard counts them. */
export const dashboardHandlers = [
  http.get('/api/admin/dashboard', () => {
    const state = db();
    return json(200, {
      success: true,
      data: {
        users: { totalUsers: state.customers.length },
        casks: { totalCasks: state.totals.totalCasks },
        caskAlerts: {
          regaugeDue: state.casks.filter((c) => caskAlertsOf(c).regaugeDue).length,
          abvNearForty: state.casks.filter((c) => caskAlertsOf(c).abvNearForty).length,
        },
        offers: {
          activeOffers: state.seed.offers
            ? state.offers.filter((o) => o.isActive).length
            : state.totals.activeOffers,
        },
        payments: { totalRevenue: state.totals.totalRevenue },
      },
    } satisfies DashboardResponse);
  }),
  http.get('/api/admin/dashboard/trends', () => {
    const state = db();
    const months = trendMonths(new Date().toISOString().slice(0, 10));
    const last = months.length - 1;
    const portfolio = state.casks.reduce((sum, cask) => sum + Number(cask.currentValue ?? 0), 0);
    const trends: DashboardTrends = state.seed.trends ?? {
      revenueByMonth: months.map((month, index) => ({
        month,
        revenue: index === last ? state.totals.totalRevenue : 0,
      })),
      casksByStatus: (['Ready', 'Maturing', 'Experience'] as const).map((status) => ({
        status,
        count: state.casks.filter((cask) => cask.status === status).length,
      })),
      portfolioValue: months.map((month, index) => ({
        month,
        value: index === last ? portfolio : 0,
      })),
    };
    return json(200, { success: true, data: trends });
  }),
];

import { Card } from '@/components/ui/card.tsx';
import { ErrorState } from '@/components/ui/error-state.tsx';
import { LoadingState } from '@/components/ui/loading-state.tsx';
import { ValueChart } from '@/components/ui/value-chart.tsx';
import { errorMessage } from '@/lib/api-client.ts';
import { formatCount, formatMoney, formatMonth } from '@/lib/format.ts';
import { useDashboardTrends } from '../api/get-dashboard-trends.ts';

export const TRENDS_FAILURE = 'Failed to fetch trends';

/**
 * Issue 30: below the spec's cards and table, 'Revenue by month', 'Casks by status' and
 * 'Portfolio value', from aggregates the database keeps (decision 233). Loaded apart from the
 * dashboard's route (a lazy chunk, its own request); each chart offers 'Show as table'
 * (decision 232).
 */
export default function DashboardTrends() {
  const trends = useDashboardTrends();

  return (
    <section aria-labelledby="dashboard-trends-title" className="mt-6">
      <h2 id="dashboard-trends-title" className="mb-3 text-base font-semibold text-oak-900">
        Trends
      </h2>
      {trends.isPending ? (
        <LoadingState label="Loading trends..." />
      ) : trends.isError && trends.data === undefined ? (
        <ErrorState
          title={TRENDS_FAILURE}
          message={errorMessage(trends.error, TRENDS_FAILURE)}
          onRetry={() => void trends.refetch()}
        />
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <Card className="p-4">
            <ValueChart
              title="Revenue by month"
              kind="bar"
              points={trends.data.revenueByMonth.map((point) => ({
                label: formatMonth(point.month),
                value: point.revenue,
              }))}
              format={(value) => formatMoney(value)}
              xTitle="Month"
              yTitle="Revenue (USD)"
            />
          </Card>
          <Card className="p-4">
            <ValueChart
              title="Casks by status"
              kind="bar"
              points={trends.data.casksByStatus.map((point) => ({
                label: point.status,
                value: point.count,
              }))}
              format={(value) => formatCount(value)}
              xTitle="Status"
              yTitle="Casks"
            />
          </Card>
          <Card className="p-4 xl:col-span-2">
            <ValueChart
              title="Portfolio value"
              points={trends.data.portfolioValue.map((point) => ({
                label: formatMonth(point.month),
                value: point.value,
              }))}
              format={(value) => formatMoney(value)}
              xTitle="Month (value at its end)"
              yTitle="Value of all casks (USD)"
            />
          </Card>
        </div>
      )}
    </section>
  );
}

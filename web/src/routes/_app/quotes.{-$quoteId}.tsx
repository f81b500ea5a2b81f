import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { QuotesScreen } from '../../features/quotes/quotes-screen';

/** `quotes/{quoteId?}` (spec 000 section 2.3: Core; Owner, Admin, Creator); an id opens its summary. */
export const Route = createFileRoute('/_app/quotes/{-$quoteId}')({
  staticData: { routeName: 'quotes' },
  component: function QuotesRoute() {
    const { quoteId } = Route.useParams();
    const navigate = useNavigate();
    const onOpenQuote = useCallback(
      (id?: string) => void navigate({ to: '/quotes/{-$quoteId}', params: { quoteId: id } }),
      [navigate],
    );
    return <QuotesScreen quoteId={quoteId} onOpenQuote={onOpenQuote} />;
  },
});

// Any /api/… path no route answers (GET, POST, PUT, PATCH, DELETE): a translated JSON 404 like every
// other API error, instead of Next's HTML 404 page.
import { ApiError, apiRoute } from '@/lib/server/api/respond';

const notFound = apiRoute(async () => {
  throw new ApiError('NOT_FOUND');
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };

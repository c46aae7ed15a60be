/** The success and error bodies every JSON route answers with. */
export interface Success<T> {
  success: true;
  data: T;
}

export interface Pagination {
  limit: number;
  offset: number;
  total: number;
}

export interface Page<T> {
  success: true;
  data: T[];
  pagination: Pagination;
}

export interface ErrorBody {
  success: false;
  error: {
    code: string;
    message: string;
    /** Field → reason, for VALIDATION_ERROR and for refused query filters. */
    fields?: Record<string, string>;
  };
}

export const ok = <T>(data: T): Success<T> => ({ success: true, data });

export const page = <T>(data: T[], pagination: Pagination): Page<T> => ({ success: true, data, pagination });

export const errorBody = (code: string, message: string, fields?: Record<string, string>): ErrorBody => ({
  success: false,
  error: fields ? { code, message, fields } : { code, message },
});

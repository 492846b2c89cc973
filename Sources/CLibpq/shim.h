#ifndef ARBOR_CLIBPQ_SHIM_H
#define ARBOR_CLIBPQ_SHIM_H

/*
 * libpq, PostgreSQL's client library, loaded when a PostgreSQL source is opened rather than linked: linking it
 * loads two dozen libraries (Kerberos, LDAP, TLS) at every start, about 12 ms, whatever the source
 * (docs/DECISIONS.md). The declarations are those of libpq-fe.h that Arbor calls; libpq.so.5's ABI has kept
 * them since PostgreSQL 9.
 */

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

typedef struct pg_conn PGconn;
typedef struct pg_result PGresult;
typedef struct pg_cancel PGcancel;
typedef unsigned int Oid;

enum { ARBOR_PQ_CONNECTION_OK = 0 };
enum {
    ARBOR_PGRES_COMMAND_OK = 1,
    ARBOR_PGRES_TUPLES_OK = 2,
    ARBOR_PGRES_FATAL_ERROR = 7,
};
enum { ARBOR_PG_DIAG_SQLSTATE = 'C' };

/* The functions of libpq Arbor calls. */
typedef struct {
    PGconn *(*connectdbParams)(const char *const *keywords, const char *const *values, int expand_dbname);
    int (*status)(const PGconn *conn);
    char *(*errorMessage)(const PGconn *conn);
    void (*finish)(PGconn *conn);
    PGresult *(*execParams)(PGconn *conn, const char *command, int nParams, const Oid *paramTypes,
                            const char *const *paramValues, const int *paramLengths, const int *paramFormats,
                            int resultFormat);
    int (*sendQuery)(PGconn *conn, const char *command);
    PGresult *(*getResult)(PGconn *conn);
    int (*resultStatus)(const PGresult *res);
    char *(*resultErrorMessage)(const PGresult *res);
    char *(*resultErrorField)(const PGresult *res, int fieldcode);
    int (*ntuples)(const PGresult *res);
    int (*nfields)(const PGresult *res);
    char *(*fname)(const PGresult *res, int field);
    char *(*getvalue)(const PGresult *res, int row, int field);
    int (*getisnull)(const PGresult *res, int row, int field);
    int (*getlength)(const PGresult *res, int row, int field);
    void (*clear)(PGresult *res);
    PGcancel *(*getCancel)(PGconn *conn);
    int (*cancel)(PGcancel *cancel, char *errbuf, int errbufsize);
    void (*freeCancel)(PGcancel *cancel);
    char *(*escapeIdentifier)(PGconn *conn, const char *str, size_t len);
    void (*freemem)(void *ptr);
    char *(*db)(const PGconn *conn);
    char *(*user)(const PGconn *conn);
    char *(*host)(const PGconn *conn);
} ArborLibpq;

/* Fills `table` from libpq opened as `library`; 0 when every function was found, -1 with `problem` filled in
   otherwise. */
static inline int arbor_libpq_bind(ArborLibpq *table, void *library, char *problem, size_t size) {
#define ARBOR_PQ(field, symbol) \
    if (!(*(void **)&table->field = dlsym(library, symbol))) { snprintf(problem, size, "libpq has no %s", symbol); return -1; }
    ARBOR_PQ(connectdbParams, "PQconnectdbParams")
    ARBOR_PQ(status, "PQstatus")
    ARBOR_PQ(errorMessage, "PQerrorMessage")
    ARBOR_PQ(finish, "PQfinish")
    ARBOR_PQ(execParams, "PQexecParams")
    ARBOR_PQ(sendQuery, "PQsendQuery")
    ARBOR_PQ(getResult, "PQgetResult")
    ARBOR_PQ(resultStatus, "PQresultStatus")
    ARBOR_PQ(resultErrorMessage, "PQresultErrorMessage")
    ARBOR_PQ(resultErrorField, "PQresultErrorField")
    ARBOR_PQ(ntuples, "PQntuples")
    ARBOR_PQ(nfields, "PQnfields")
    ARBOR_PQ(fname, "PQfname")
    ARBOR_PQ(getvalue, "PQgetvalue")
    ARBOR_PQ(getisnull, "PQgetisnull")
    ARBOR_PQ(getlength, "PQgetlength")
    ARBOR_PQ(clear, "PQclear")
    ARBOR_PQ(getCancel, "PQgetCancel")
    ARBOR_PQ(cancel, "PQcancel")
    ARBOR_PQ(freeCancel, "PQfreeCancel")
    ARBOR_PQ(escapeIdentifier, "PQescapeIdentifier")
    ARBOR_PQ(freemem, "PQfreemem")
    ARBOR_PQ(db, "PQdb")
    ARBOR_PQ(user, "PQuser")
    ARBOR_PQ(host, "PQhost")
#undef ARBOR_PQ
    return 0;
}

#endif

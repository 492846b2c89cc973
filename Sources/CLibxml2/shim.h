#ifndef ARBOR_CLIBXML2_SHIM_H
#define ARBOR_CLIBXML2_SHIM_H

/*
 * libxml2, through its SAX2 push parser: Arbor indexes an XML input element by element without building the
 * document. Nothing is ever loaded from outside the input: no network, no external DTD, no external entity.
 */

/* libxml2's headers would bring ICU's, which clash with the ICU Foundation carries; Arbor uses no encoding
   handler's fields, so the headers are read without them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/* The loader of external resources (DTDs, entities): refuses every one, whatever the options say. */
static xmlParserInputPtr arbor_xml_no_loading(const char *url, const char *id, xmlParserCtxtPtr context) {
    (void)url;
    (void)id;
    (void)context;
    return NULL;
}

/* Installs the refusing loader (process-wide, once is enough). */
static inline void arbor_xml_refuse_external_loading(void) {
    xmlSetExternalEntityLoader(arbor_xml_no_loading);
}

/* The line and column of the parser's last error, and its message (NULL when there was none). */
static inline const char *arbor_xml_last_error(xmlParserCtxtPtr context, int *line, int *column) {
    xmlErrorPtr error = xmlCtxtGetLastError(context);
    if (error == NULL) return NULL;
    *line = error->line;
    *column = error->int2;
    return error->message;
}

#endif

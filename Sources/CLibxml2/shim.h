#ifndef ARBOR_CLIBXML2_SHIM_H
#define ARBOR_CLIBXML2_SHIM_H

/*
 * libxml2, through its SAX2 push parser: Arbor indexes an XML input element by element without building the
 * document. Nothing is ever loaded from outside the input: no network, no external DTD, no external entity.
 *
 * Its headers give the types; its functions are loaded the first time an XML source opens, so a start that
 * reads no XML does not load libxml2 and the ICU library it brings (docs/DECISIONS.md). The release link drops
 * the library pkg-config names, as nothing refers to it.
 */

/* libxml2's headers would bring ICU's, which clash with the ICU Foundation carries; Arbor uses no encoding
   handler's fields, so the headers are read without them. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>

/* The functions of libxml2 Arbor calls; the SAX2 ones are libxml2's own handlers for a document's DTD. */
typedef struct {
    xmlParserCtxtPtr (*createPushParserCtxt)(xmlSAXHandlerPtr sax, void *user_data, const char *chunk, int size,
                                             const char *filename);
    int (*ctxtUseOptions)(xmlParserCtxtPtr context, int options);
    int (*parseChunk)(xmlParserCtxtPtr context, const char *chunk, int size, int terminate);
    long (*byteConsumed)(xmlParserCtxtPtr context);
    void (*freeDoc)(xmlDocPtr document);
    void (*freeParserCtxt)(xmlParserCtxtPtr context);
    void (*setExternalEntityLoader)(xmlExternalEntityLoader loader);
    xmlErrorPtr (*ctxtGetLastError)(void *context);
    startDocumentSAXFunc sax2StartDocument;
    internalSubsetSAXFunc sax2InternalSubset;
    getEntitySAXFunc sax2GetEntity;
    getParameterEntitySAXFunc sax2GetParameterEntity;
    entityDeclSAXFunc sax2EntityDecl;
} ArborLibxml2;

/* The loader of external resources (DTDs, entities): refuses every one, whatever the options say. */
static xmlParserInputPtr arbor_xml_no_loading(const char *url, const char *id, xmlParserCtxtPtr context) {
    (void)url;
    (void)id;
    (void)context;
    return NULL;
}

/* Fills `table` from libxml2 opened as `library` and installs the refusing loader (process-wide); 0 when every
   function was found, -1 with `problem` filled in otherwise. */
static inline int arbor_libxml2_bind(ArborLibxml2 *table, void *library, char *problem, size_t size) {
#define ARBOR_XML(field, symbol) \
    if (!(*(void **)&table->field = dlsym(library, symbol))) { snprintf(problem, size, "libxml2 has no %s", symbol); return -1; }
    ARBOR_XML(createPushParserCtxt, "xmlCreatePushParserCtxt")
    ARBOR_XML(ctxtUseOptions, "xmlCtxtUseOptions")
    ARBOR_XML(parseChunk, "xmlParseChunk")
    ARBOR_XML(byteConsumed, "xmlByteConsumed")
    ARBOR_XML(freeDoc, "xmlFreeDoc")
    ARBOR_XML(freeParserCtxt, "xmlFreeParserCtxt")
    ARBOR_XML(setExternalEntityLoader, "xmlSetExternalEntityLoader")
    ARBOR_XML(ctxtGetLastError, "xmlCtxtGetLastError")
    ARBOR_XML(sax2StartDocument, "xmlSAX2StartDocument")
    ARBOR_XML(sax2InternalSubset, "xmlSAX2InternalSubset")
    ARBOR_XML(sax2GetEntity, "xmlSAX2GetEntity")
    ARBOR_XML(sax2GetParameterEntity, "xmlSAX2GetParameterEntity")
    ARBOR_XML(sax2EntityDecl, "xmlSAX2EntityDecl")
#undef ARBOR_XML
    table->setExternalEntityLoader(arbor_xml_no_loading);
    return 0;
}

#endif

"""What the JSON Schema checks in .ci share: a validator for a schema (the schema itself checked first) and
the first error a document has, with where it is."""
import jsonschema


def validator_for(schema):
    """A validator of the schema's own draft, after checking that the schema is itself valid."""
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    return validator_class(schema)


def first_error(validator, document):
    """The first error (in document order) as "message at a/b/c", or None when the document is valid."""
    errors = sorted(validator.iter_errors(document), key=lambda e: [str(p) for p in e.path])
    if not errors:
        return None
    where = "/".join(map(str, errors[0].path))
    return f"{errors[0].message} at {where}" if where else errors[0].message
